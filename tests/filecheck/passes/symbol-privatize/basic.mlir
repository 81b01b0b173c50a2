// RUN: tile-opt %s -p 'symbol-privatize{exclude=entry,other}' | FileCheck %s
// RUN: tile-opt %s -p 'symbol-privatize{exclude=entry},symbol-dce' | FileCheck %s --check-prefix=KEEP
// RUN: tile-opt %s --symbol-privatize | FileCheck %s --check-prefix=ALL

// Symbols of the module are marked private unless excluded; nested symbols (in @inner) are not
// touched. With symbol-dce after it, the excluded entry and what it calls remain.
// CHECK-LABEL: func.func @entry()
// CHECK-LABEL: func.func private @helper()
// CHECK-LABEL: func.func @other()
// CHECK-LABEL: func.func private @unused()
// CHECK-LABEL: func.func private @declared()
// CHECK-LABEL: module @inner attributes {sym_visibility = "private"}
// CHECK-NEXT: func.func @nested()

// KEEP-LABEL: func.func @entry()
// KEEP-NEXT: call @helper()
// KEEP-LABEL: func.func private @helper()
// KEEP-NOT: @other
// KEEP-NOT: @unused
// KEEP-NOT: @declared
// KEEP-NOT: @inner

// ALL-LABEL: func.func private @entry()
// ALL-LABEL: func.func private @other()
func.func @entry() {
  call @helper() : () -> ()
  return
}
func.func @helper() {
  return
}
func.func @other() {
  return
}
func.func nested @unused() {
  return
}
func.func private @declared()
module @inner {
  func.func @nested() {
    return
  }
}
