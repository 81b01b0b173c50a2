func.func @outer(%a: i32) -> i32 {
  %0 = call @inner(%a) : (i32) -> i32
  return %0 : i32
}
func.func private @inner(%x: i32) -> i32 {
  return %x : i32
}
func.func @names(%z: i32) -> (i32, i32) {
  %0 = call @outer(%z) : (i32) -> i32
  %c = func.constant @inner : (i32) -> i32
  %c2 = func.constant @outer : (i32) -> i32
  %a = call @outer(%0) : (i32) -> i32
  %b = call_indirect %c(%a) : (i32) -> i32
  %d = call_indirect %c2(%b) : (i32) -> i32
  return %a, %d : i32, i32
}
