/** scf.index_switch (MLIR 19): regions `default` then one per case value. */
import type { DenseArrayAttr } from '../../core/ir/attributes.js';
import { DenseI64ArrayAttr, required, variadic } from '../../core/ir/constraints.js';
import { opDiagnostic } from '../../core/ir/diagnostics.js';
import { defineOp } from '../../core/ir/op-definition.js';
import type { Operation } from '../../core/ir/operation.js';
import type { Region } from '../../core/ir/region.js';
import { RecursiveMemoryEffects, SingleBlockImplicitTerminator } from '../../core/ir/traits.js';
import { IndexType } from '../../core/ir/types.js';
import { ensureImplicitTerminator } from '../../core/syntax/implicit-terminator.js';
import type { OpAsmPrinter } from '../../core/syntax/printer.js';
import { indexSwitchPatterns } from './index-switch-canonicalization.js';
import { denseI64 } from '../memref/dynamic-index-list.js';
import { Index as AnyIndex } from '../../core/ir/constraints.js';
import { parseRegionWith } from './syntax.js';

export const caseValues = (op: Operation): bigint[] => [...((op.properties.get('cases') as DenseArrayAttr).values as bigint[])];

/** Each region ends with an scf.yield of the op's result types (MLIR's verifyRegion lambda). */
function checkRegion(op: Operation, region: Region, name: string) {
  const y = region.entry?.last;
  if (!y || y.name !== 'scf.yield') return `expected region to end with scf.yield, but got ${y?.name}`;
  if (y.numOperands !== op.results.length) {
    const d = opDiagnostic(op, `expected each region to return ${op.results.length} values, but ${name} returns ${y.numOperands}`);
    d.attachNote('see yield operation here', y.loc);
    return d;
  }
  for (let i = 0; i < op.results.length; i++) {
    const [r, t] = [op.results[i]!.type, y.operand(i).type];
    if (r === t) continue;
    const d = opDiagnostic(op, `expected result #${i} of each region to be '${r}'`);
    d.attachNote(`${name} returns '${t}' here`, y.loc);
    return d;
  }
  return undefined;
}

export const IndexSwitchOp = defineOp({
  name: 'scf.index_switch',
  summary: 'switch-case operation on an index argument',
  operands: { arg: AnyIndex },
  results: { results: variadic() },
  attributes: { cases: required(DenseI64ArrayAttr) },
  regions: { defaultRegion: {}, caseRegions: { variadic: true } },
  // (The terminators are checked by the op's verifier, which MLIR runs before the trait's region check.)
  traits: [RecursiveMemoryEffects, { ...SingleBlockImplicitTerminator('scf.yield'), verify: undefined }],
  canonicalize: indexSwitchPatterns,
  verify(op) {
    const cases = caseValues(op);
    if (cases.length !== op.regions.length - 1) return `has ${op.regions.length - 1} case regions but ${cases.length} case values`;
    const dup = cases.find((v, i) => cases.indexOf(v) !== i);
    if (dup !== undefined) return `has duplicate case value: ${dup}`;
    return (
      checkRegion(op, op.region(0), 'default region') ??
      op.regions
        .slice(1)
        .map((r, i) => checkRegion(op, r, `case region #${i}`))
        .find((d) => d !== undefined)
    );
  },
  print(p: OpAsmPrinter, op: Operation) {
    p.write(' ');
    p.printOperand(op.operand(0));
    p.printOptionalAttrDict(op, ['cases']);
    if (op.results.length) {
      p.write(' -> ');
      p.printTypes(op.resultTypes);
    }
    // MLIR's printSwitchCases: case regions show their yields; the default region elides an empty one.
    p.write(' ');
    caseValues(op).forEach((v, i) => {
      p.printNewline();
      p.write(`case ${v} `);
      p.printRegion(op.region(i + 1), false);
    });
    p.printNewline();
    p.write('default ');
    const y = op.region(0).entry?.last;
    p.printRegion(op.region(0), true, !(y && y.name === 'scf.yield' && y.numOperands === 0 && !y.attributesIfAny?.size && !y.propertiesIfAny?.size));
  },
  parse: (parser, state) => {
    const arg = parser.parseOperand();
    parser.resolveOperands([arg], [IndexType.get()], arg.offset, state.operands);
    parser.parseOptionalAttrDict(state);
    state.types.push(...parser.parseOptionalArrowTypeList());
    const cases: bigint[] = [];
    const regions: Region[] = [];
    while (parser.parseOptionalKeyword('case') !== undefined) {
      cases.push(parser.parseInteger());
      regions.push(parseRegionWith(parser));
    }
    parser.parseKeyword('default');
    const dflt = parseRegionWith(parser);
    ensureImplicitTerminator(dflt, IndexSwitchOp.definition, parser.context, state.loc);
    state.properties.set('cases', denseI64(cases));
    state.regions.push(dflt, ...regions);
  },
});
