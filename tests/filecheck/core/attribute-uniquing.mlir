// RUN: tile-opt %s --allow-unregistered-dialect | FileCheck %s

// Attributes are uniqued by what they print: -0.0 is not 0.0, NaN payloads differ, and a dynamic
// stride is not an empty stride list. (Each pair once printed as its first member.)

// CHECK: "x.a"() {a = array<f32: 0.000000e+00>, b = array<f32: -0.000000e+00>, c = dense<0.000000e+00> : tensor<f32>, d = dense<-0.000000e+00> : tensor<f32>, e = 0.000000e+00 : f32, f = -0.000000e+00 : f32, g = array<f32: 0x7FC00000>, h = array<f32: 0x7FC00001>, i = dense<0x7FC00000> : tensor<f32>, j = dense<0x7FC00001> : tensor<f32>, k = 0x7FC00000 : f32, l = 0x7FC00001 : f32, m = dense<[0.000000e+00, -0.000000e+00]> : tensor<2xf32>} : () -> ()
"x.a"() {a = array<f32: 0.0>, b = array<f32: -0.0>, c = dense<0.0> : tensor<f32>, d = dense<-0.0> : tensor<f32>, e = 0.0 : f32, f = -0.0 : f32, g = array<f32: 0x7FC00000>, h = array<f32: 0x7FC00001>, i = dense<0x7FC00000> : tensor<f32>, j = dense<0x7FC00001> : tensor<f32>, k = 0x7FC00000 : f32, l = 0x7FC00001 : f32, m = dense<[0.0, -0.0]> : tensor<2xf32>} : () -> ()

// CHECK: %0 = "x.b"() : () -> memref<?xf32, strided<[?]>>
// CHECK: %1 = "x.b"() : () -> memref<f32, strided<[]>>
%0 = "x.b"() : () -> memref<?xf32, strided<[?]>>
%1 = "x.b"() : () -> memref<f32, strided<[]>>
