// RUN: tile-opt %s -p 'tile-assign-stages{num-stages=0}' --split-input-file --verify-diagnostics
// RUN: not tile-opt %s -p 'tile-assign-stages{register-stages=-1}' 2>&1 | FileCheck %s --check-prefix=NEG
// expected-error @below {{'tile-assign-stages' option 'num-stages' must be at least 1, got 0}}
module {}
// NEG: error: 'tile-assign-stages' option 'register-stages' must not be negative, got -1
