module {
  func.func @prints(%arg0: i32, %arg1: f32, %arg2: index) {
    gpu.printf "Hello\0A" {x}
    gpu.printf "%d %f %lu" %arg0, %arg1, %arg2 : i32, f32, index
    return
  }
}

