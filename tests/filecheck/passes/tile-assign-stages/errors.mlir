// RUN: not tile-opt %s -p 'tile-assign-stages{num-stages=-1}' 2>&1 | FileCheck %s --check-prefix=STAGES
// RUN: not tile-opt %s -p 'tile-assign-stages{register-stages=-1}' 2>&1 | FileCheck %s --check-prefix=NEG
module {}
// STAGES: error: invalid value '-1' for option 'num-stages': expected a non-negative integer
// NEG: error: 'tile-assign-stages' option 'register-stages' must not be negative, got -1
