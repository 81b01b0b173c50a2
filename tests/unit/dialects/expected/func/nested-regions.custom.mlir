module {
  func.func @outer(%arg0: i32) -> i32 {
    %0 = call @inner(%arg0) : (i32) -> i32
    return %0 : i32
  }
  func.func private @inner(%arg0: i32) -> i32 {
    return %arg0 : i32
  }
  func.func @names(%arg0: i32) -> (i32, i32) {
    %0 = call @outer(%arg0) : (i32) -> i32
    %f = constant @inner : (i32) -> i32
    %f_0 = constant @outer : (i32) -> i32
    %1 = call @outer(%0) : (i32) -> i32
    %2 = call_indirect %f(%1) : (i32) -> i32
    %3 = call_indirect %f_0(%2) : (i32) -> i32
    return %1, %3 : i32, i32
  }
}

