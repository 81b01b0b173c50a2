// RUN: tile-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: tile-opt %s --allow-unregistered-dialect --mlir-print-op-generic | tile-opt --allow-unregistered-dialect | FileCheck %s
// RUN: tile-opt %s --allow-unregistered-dialect --mlir-print-debuginfo | FileCheck %s --check-prefix=LOC

// Strings are byte strings, printed as llvm::printEscapedString prints them: printable ASCII as
// is except '"' (\22) and '\' (\\), every other byte as \XX. Bytes that are no UTF-8 survive.

// CHECK: "x.a"() {a = "a\22b", b = "\\", c = "\09\0A", d = "\C3\A9", e = "\FF", f = "\F0\9F\98\80\FF\ED\B2\80", g = @"\FF\22"} : () -> ()
"x.a"() {a = "a\"b", b = "\\", c = "\t\n", d = "é", e = "\FF", f = "\F0\9F\98\80\FF\ED\B2\80", g = @"\FF\22"} : () -> ()

// LOC: #[[L:loc[0-9]*]] = loc("f\22g":1:2)
"x.b"() : () -> () loc("f\"g":1:2)
