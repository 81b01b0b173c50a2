// Input of examples/plugins/mul-to-add-plugin.mjs (docs/plugins.md).
func.func @double(%x: f32) -> f32 {
  %two = arith.constant 2.0 : f32
  %y = arith.mulf %x, %two : f32
  return %y : f32
}
