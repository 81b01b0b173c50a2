/**
 * The folders of the arith ops, as in MLIR 19's ArithOps.cpp: algebraic identities that return
 * an existing value, and constant folding with each type's exact semantics (integers wrap at
 * their width, index is 64-bit; floats round to their type). Folders never fold what MLIR
 * refuses to fold: division by zero, signed division overflow, shifts by the width or more,
 * inexact truncf, out-of-range fptosi/fptoui.
 *
 * One module per group of ops (int-folders, float-folders, compare-folders, cast-folders); this
 * one maps op names to them.
 */
import type { Folder } from './folder-helpers.js';
import {
  foldAddI,
  foldSubI,
  foldMulI,
  foldDivUI,
  foldDivSI,
  foldCeilDivUI,
  foldCeilDivSI,
  foldFloorDivSI,
  foldRemUI,
  foldRemSI,
  foldAndI,
  foldOrI,
  foldXOrI,
  foldShLI,
  foldShRUI,
  foldShRSI,
  foldMaxSI,
  foldMaxUI,
  foldMinSI,
  foldMinUI,
  foldAddUIExtended,
  foldMulSIExtended,
  foldMulUIExtended,
} from './int-folders.js';
import { foldAddF, foldSubF, foldMulF, foldDivF, foldRemF, foldMaximumF, foldMinimumF, foldMaxNumF, foldMinNumF, foldNegF } from './float-folders.js';
import { foldCmpI, foldCmpF, foldSelect } from './compare-folders.js';
import { foldExtUI, foldExtSI, foldTruncI, foldIndexCast, foldIndexCastUI, foldSIToFP, foldUIToFP, foldFPToSI, foldFPToUI, foldExtF, foldTruncF, foldBitcast } from './cast-folders.js';

export type { Folder } from './folder-helpers.js';

export const foldConstant: Folder = (op) => op.getProperty('value');

/** Every arith folder, by op name. */
export const arithFolders: Readonly<Record<string, Folder>> = {
  'arith.constant': foldConstant,
  'arith.addi': foldAddI,
  'arith.subi': foldSubI,
  'arith.muli': foldMulI,
  'arith.divui': foldDivUI,
  'arith.divsi': foldDivSI,
  'arith.ceildivui': foldCeilDivUI,
  'arith.ceildivsi': foldCeilDivSI,
  'arith.floordivsi': foldFloorDivSI,
  'arith.remui': foldRemUI,
  'arith.remsi': foldRemSI,
  'arith.andi': foldAndI,
  'arith.ori': foldOrI,
  'arith.xori': foldXOrI,
  'arith.shli': foldShLI,
  'arith.shrui': foldShRUI,
  'arith.shrsi': foldShRSI,
  'arith.maxsi': foldMaxSI,
  'arith.maxui': foldMaxUI,
  'arith.minsi': foldMinSI,
  'arith.minui': foldMinUI,
  'arith.addui_extended': foldAddUIExtended,
  'arith.mulsi_extended': foldMulSIExtended,
  'arith.mului_extended': foldMulUIExtended,
  'arith.addf': foldAddF,
  'arith.subf': foldSubF,
  'arith.mulf': foldMulF,
  'arith.divf': foldDivF,
  'arith.remf': foldRemF,
  'arith.maximumf': foldMaximumF,
  'arith.minimumf': foldMinimumF,
  'arith.maxnumf': foldMaxNumF,
  'arith.minnumf': foldMinNumF,
  'arith.negf': foldNegF,
  'arith.cmpi': foldCmpI,
  'arith.cmpf': foldCmpF,
  'arith.select': foldSelect,
  'arith.extui': foldExtUI,
  'arith.extsi': foldExtSI,
  'arith.trunci': foldTruncI,
  'arith.index_cast': foldIndexCast,
  'arith.index_castui': foldIndexCastUI,
  'arith.sitofp': foldSIToFP,
  'arith.uitofp': foldUIToFP,
  'arith.fptosi': foldFPToSI,
  'arith.fptoui': foldFPToUI,
  'arith.extf': foldExtF,
  'arith.truncf': foldTruncF,
  'arith.bitcast': foldBitcast,
};
