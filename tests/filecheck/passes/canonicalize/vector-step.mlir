// RUN: tile-opt %s --canonicalize | FileCheck %s

// vector.step folds to the constant [0, 1, ..., n-1] when fixed-length (MLIR 19's StepOp::fold); a scalable
// one stays. The expected text is mlir-opt 19 --canonicalize output for this input.

func.func @step() -> (vector<3xindex>, vector<[4]xindex>) {
  %0 = vector.step : vector<3xindex>
  %1 = vector.step : vector<[4]xindex>
  return %0, %1 : vector<3xindex>, vector<[4]xindex>
}

// CHECK-LABEL: func.func @step() -> (vector<3xindex>, vector<[4]xindex>) {
// CHECK-NEXT: %cst = arith.constant dense<[0, 1, 2]> : vector<3xindex>
// CHECK-NEXT: %0 = vector.step : vector<[4]xindex>
// CHECK-NEXT: return %cst, %0 : vector<3xindex>, vector<[4]xindex>
// CHECK-NEXT: }
