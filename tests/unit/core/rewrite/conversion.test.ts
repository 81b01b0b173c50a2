import { describe, expect, it } from 'vitest';
import { IntegerAttr } from '../../../../core/ir/attributes.js';
import { Builder } from '../../../../core/ir/builder.js';
import { Operation } from '../../../../core/ir/operation.js';
import { verify } from '../../../../core/ir/verifier.js';
import { FloatType, IndexType, IntegerType, TupleType } from '../../../../core/ir/types.js';
import {
  applyFullConversion,
  applyPartialConversion,
  ConversionTarget,
  defineConversionPattern,
  functionSignatureConversion,
  isFunctionSignatureLegal,
  reconcileUnrealizedCasts,
  TypeConverter,
  type ConversionPattern,
} from '../../../../core/rewrite/conversion.js';
import { context, parseModule, print } from '../../passes/inline-unroll-support.js';

const index = IndexType.get();
const i32 = IntegerType.get(32);

/** The toy lowering of docs/conversion.md: index becomes i32 in arith ops and function signatures. */
function indexToI32() {
  const converter = new TypeConverter()
    .addConversion((t) => t) // every other type stays
    .addConversion((t) => (t === index ? i32 : undefined));
  const target = new ConversionTarget()
    .addDynamicallyLegalDialect('arith', (op) => converter.isOpLegal(op))
    .addDynamicallyLegalOp('func.func', (op) => isFunctionSignatureLegal(op, converter))
    .addDynamicallyLegalOp('func.return', (op) => converter.isOpLegal(op));
  const patterns: ConversionPattern[] = [
    functionSignatureConversion('func.func'),
    defineConversionPattern({
      name: 'return-operands',
      root: 'func.return',
      matchAndRewrite(op, adaptor, rewriter) {
        rewriter.modifyOpInPlace(op, () => op.setOperands(adaptor.operands));
        return true;
      },
    }),
    defineConversionPattern({
      name: 'index-constant',
      root: 'arith.constant',
      benefit: 2,
      matchAndRewrite(op, _adaptor, rewriter) {
        const value = op.getAttr('value');
        if (!(value instanceof IntegerAttr) || value.type !== index) return false;
        rewriter.replaceOpWithNew(op, { name: 'arith.constant', properties: { value: IntegerAttr.get(i32, value.value) }, resultTypes: [i32] });
        return true;
      },
    }),
    // Any other arith op: the same op on converted operands and result types.
    defineConversionPattern({
      name: 'arith-retype',
      matchAndRewrite(op, adaptor, rewriter) {
        if (op.dialect !== 'arith' || op.regions.length) return false;
        const types = rewriter.typeConverter!.convertTypes(op.resultTypes);
        if (!types) return false;
        rewriter.replaceOpWithNew(op, { name: op.name, operands: adaptor.operands, resultTypes: types, properties: op.properties, attributes: op.attributes });
        return true;
      },
    }),
  ];
  return { converter, target, patterns };
}

/**
 * mlir-opt prints `builtin.unrealized_conversion_cast` with its prefix inside functions; our
 * printer (at the time of writing) drops it. Compare in mlir-opt's form either way.
 */
const mlirForm = (text: string) => text.replace(/ unrealized_conversion_cast /g, ' builtin.unrealized_conversion_cast ');

const TOY = `func.func @f(%a: index, %b: index) -> index {
  %c4 = arith.constant 4 : index
  %0 = arith.addi %a, %b : index
  %1 = arith.muli %0, %c4 : index
  %2 = "test.opaque"(%1) : (index) -> index
  %3 = arith.subi %2, %a : index
  return %3 : index
}
`;

describe('dialect conversion: index -> i32', () => {
  it('converts arith ops and signatures, casting at the boundary of what it cannot convert', () => {
    const module = parseModule(TOY);
    const { converter, target, patterns } = indexToI32();
    const unconverted: Operation[] = [];
    const result = applyPartialConversion(context, module, target, patterns, { typeConverter: converter, unconverted });
    expect(result).toEqual({ succeeded: true, diagnostics: [] });
    expect(unconverted.map((op) => op.name)).toEqual(['builtin.module', 'test.opaque']);
    expect(verify(module)).toBeUndefined();
    expect(mlirForm(print(module))).toBe(
      [
        'module {',
        '  func.func @f(%a: i32, %b: i32) -> i32 {',
        '    %c4_i32 = arith.constant 4 : i32',
        '    %0 = arith.addi %a, %b : i32',
        '    %1 = arith.muli %0, %c4_i32 : i32',
        '    %2 = builtin.unrealized_conversion_cast %1 : i32 to index',
        '    %3 = "test.opaque"(%2) : (index) -> index',
        '    %4 = builtin.unrealized_conversion_cast %3 : index to i32',
        '    %5 = arith.subi %4, %a : i32',
        '    return %5 : i32',
        '  }',
        '}',
        '',
      ].join('\n'),
    );
  });

  it('fails a full conversion at the first op it cannot legalize, naming it', () => {
    const module = parseModule(TOY, 'toy.mlir');
    const { converter, target, patterns } = indexToI32();
    const result = applyFullConversion(context, module.region(0).entry!.first!, target, patterns, { typeConverter: converter });
    expect(result.succeeded).toBe(false);
    expect(result.diagnostics).toHaveLength(1);
    expect(result.diagnostics[0]!.message).toBe("failed to legalize operation 'test.opaque'");
    expect(String(result.diagnostics[0]!.loc)).toBe('"toy.mlir":5:8');
  });

  it('succeeds as a full conversion once every op is covered', () => {
    const module = parseModule(TOY.replace('"test.opaque"(%1) : (index) -> index', 'arith.addi %1, %1 : index'));
    const { converter, target, patterns } = indexToI32();
    // The module itself is legal; everything inside gets converted.
    target.addLegalOp('builtin.module');
    const result = applyFullConversion(context, module, target, patterns, { typeConverter: converter });
    expect(result.succeeded).toBe(true);
    expect(print(module)).not.toContain('index');
    expect(print(module)).not.toContain('unrealized_conversion_cast');
  });

  it('reports explicitly illegal ops no pattern converts, even in a partial conversion', () => {
    const module = parseModule(TOY, 'toy.mlir');
    const { converter, target, patterns } = indexToI32();
    target.addIllegalOp('test.opaque');
    const result = applyPartialConversion(context, module, target, patterns, { typeConverter: converter });
    expect(result.diagnostics.map((d) => d.message)).toEqual(["failed to legalize operation 'test.opaque' that was explicitly marked illegal"]);
  });
});

/**
 * A 1:N lowering: a `tuple<i32, i32>` value becomes its two elements. `test.pair` makes one from
 * two constants, `test.first` takes its first element; the pair pattern checks, as patterns may,
 * that its user still sees the IR as it was.
 */
function tupleToElements(seenByUser: string[]) {
  const pair = TupleType.get([i32, i32]);
  const converter = new TypeConverter().addConversion((t) => t).addConversion((t) => (t instanceof TupleType ? t.types : undefined));
  const target = new ConversionTarget().addIllegalOp('test.pair', 'test.first');
  const patterns: ConversionPattern[] = [
    defineConversionPattern({
      name: 'pair-to-elements',
      root: 'test.pair',
      matchAndRewrite(op, adaptor, rewriter) {
        rewriter.replaceOpWithMultiple(op, [[...adaptor.operands]]);
        return true;
      },
    }),
    defineConversionPattern({
      name: 'first-element',
      root: 'test.first',
      matchAndRewrite(op, adaptor, rewriter) {
        seenByUser.push(op.operand(0).definingOp!.name);
        if (adaptor.values(0).length !== 2) return rewriter.notifyMatchFailure(op, 'takes the first of a pair');
        rewriter.replaceOp(op, [adaptor.values(0)[0]!]);
        return true;
      },
    }),
  ];
  return { pair, converter, target, patterns };
}

const PAIRS = `func.func @f(%a: i32, %b: i32) -> i32 {
  %0 = "test.pair"(%a, %b) : (i32, i32) -> tuple<i32, i32>
  %1 = "test.first"(%0) : (tuple<i32, i32>) -> i32
  "test.keep"(%0) : (tuple<i32, i32>) -> ()
  return %1 : i32
}
`;

describe('dialect conversion: 1:N replacements', () => {
  it('gives a user the values that replaced its operand, and an unconverted user a cast of them', () => {
    const module = parseModule(PAIRS);
    const seen: string[] = [];
    const { converter, target, patterns } = tupleToElements(seen);
    const result = applyPartialConversion(context, module, target, patterns, { typeConverter: converter });
    expect(result).toEqual({ succeeded: true, diagnostics: [] });
    // The replaced test.pair was still in place when its user was converted.
    expect(seen).toEqual(['test.pair']);
    expect(verify(module)).toBeUndefined();
    const text = mlirForm(print(module));
    expect(text).toContain('%0 = builtin.unrealized_conversion_cast %a, %b : i32, i32 to tuple<i32, i32>');
    expect(text).toContain('"test.keep"(%0) : (tuple<i32, i32>) -> ()');
    expect(text).toContain('return %a : i32');
    expect(text).not.toContain('test.pair');
    expect(text).not.toContain('test.first');
  });

  it('fails with the reason the patterns gave, located at the op it names', () => {
    const module = parseModule(PAIRS.replace('"test.pair"(%a, %b) : (i32, i32) -> tuple<i32, i32>', '"test.opaque"() : () -> tuple<i32, i32>'), 'pairs.mlir');
    const { converter, target, patterns } = tupleToElements([]);
    target.addIllegalOp('test.opaque');
    patterns.push(
      defineConversionPattern({
        name: 'no-opaque',
        root: 'test.opaque',
        matchAndRewrite: (op, _adaptor, rewriter) => rewriter.notifyMatchFailure(op, 'has no lowering'),
      }),
    );
    const result = applyPartialConversion(context, module, target, patterns, { typeConverter: converter });
    expect(result.succeeded).toBe(false);
    expect(result.diagnostics.map((d) => [String(d.loc), d.message])).toEqual([['"pairs.mlir":2:8', "'test.opaque' op has no lowering"]]);
  });
});

describe('ConversionTarget', () => {
  const op = (name: string) => Operation.create({ name });

  it('lets an op entry win over its dialect, and asks callbacks for the rest', () => {
    const target = new ConversionTarget()
      .addIllegalDialect('arith')
      .addLegalOp('arith.constant')
      .addDynamicallyLegalOp('arith.addi', () => undefined);
    expect(target.isLegal(op('arith.constant'))).toBe(true);
    expect(target.isLegal(op('arith.muli'))).toBe(false);
    expect(target.isLegal(op('arith.addi'))).toBeUndefined();
    expect(target.isLegal(op('scf.for'))).toBeUndefined();
    target.markUnknownOpDynamicallyLegal((o) => o.name.startsWith('scf.'));
    expect(target.isLegal(op('scf.for'))).toBe(true);
    expect(target.isLegal(op('math.exp'))).toBe(false);
  });

  it('does not visit what is nested in recursively legal ops', () => {
    const module = parseModule('"test.box"() ({\n  %0 = arith.constant 1 : index\n  "test.end"() : () -> ()\n}) : () -> ()\n%1 = arith.constant 2 : index\n');
    const seen: string[] = [];
    const spy = defineConversionPattern({ name: 'spy', matchAndRewrite: (o) => void seen.push(o.name) === undefined && false });
    const target = new ConversionTarget().addLegalOp('test.box').markOpRecursivelyLegal('test.box');
    applyPartialConversion(context, module, target, [spy]);
    expect(seen).toEqual(['builtin.module', 'arith.constant']);
  });
});

describe('TypeConverter', () => {
  const f32 = FloatType.get('f32');

  it('tries rules from the last added, and caches', () => {
    let calls = 0;
    const converter = new TypeConverter().addConversion(() => f32).addConversion((t) => (calls++, t === index ? i32 : undefined));
    expect(converter.convertType(index)).toBe(i32);
    expect(converter.convertType(index)).toBe(i32);
    expect(converter.convertType(i32)).toBe(f32);
    expect(calls).toBe(2);
    expect(converter.isLegal(f32)).toBe(true);
    expect(converter.isLegal(index)).toBe(false);
  });

  it('stops at a rule that says null, and converts 1:N', () => {
    const pair = TupleType.get([i32, i32]);
    const converter = new TypeConverter()
      .addConversion((t) => t)
      .addConversion((t) => (t === index ? null : undefined))
      .addConversion((t) => (t instanceof TupleType ? t.types : undefined));
    expect(converter.convertType(index)).toBeUndefined();
    expect(converter.convertTypes([f32, pair])).toEqual([f32, i32, i32]);
    expect(converter.convertTypes([f32, index])).toBeUndefined();
    expect(converter.convertSignatureArgs([pair, f32])?.convertedTypes).toEqual([i32, i32, f32]);
  });

  it('materializes with its hooks, or with an unrealized cast by default', () => {
    const module = parseModule('func.func @f(%a: index) {\n  return\n}\n');
    const fn = module.region(0).entry!.first!;
    const b = new Builder(context);
    b.setInsertionPointToStart(fn.region(0).entry!);
    const arg = fn.region(0).entry!.arguments[0]!;
    const converter = new TypeConverter();
    const cast = converter.materializeTargetConversion(b, fn.loc, i32, [arg]);
    expect(cast.definingOp!.name).toBe('builtin.unrealized_conversion_cast');
    expect(cast.definingOp!.isRegistered).toBe(true);
    converter.addTargetMaterialization((builder, type, inputs) => builder.create({ name: 'arith.index_cast', operands: inputs, resultTypes: [type] }).results[0]);
    expect(converter.materializeTargetConversion(b, fn.loc, i32, [arg]).definingOp!.name).toBe('arith.index_cast');
  });
});

describe('block signature conversion', () => {
  it('splits an argument 1:N and rebuilds the old value for remaining uses', () => {
    const module = parseModule(
      'func.func @f(%p: tuple<i32, i32>, %x: f32) -> tuple<i32, i32> {\n  %0 = "test.use"(%p, %x) : (tuple<i32, i32>, f32) -> tuple<i32, i32>\n  return %0 : tuple<i32, i32>\n}\n',
    );
    const converter = new TypeConverter().addConversion((t) => t).addConversion((t) => (t instanceof TupleType ? t.types : undefined));
    const target = new ConversionTarget().addDynamicallyLegalOp('func.func', (op) => isFunctionSignatureLegal(op, converter));
    const result = applyPartialConversion(context, module, target, [functionSignatureConversion('func.func')], { typeConverter: converter });
    expect(result.succeeded).toBe(true);
    const text = print(module);
    // The split parameter has no name to keep (%arg0, %arg1); %x, converted 1:1, keeps its own.
    expect(text).toContain('func.func @f(%arg0: i32, %arg1: i32, %x: f32) -> (i32, i32) {');
    expect(mlirForm(text)).toContain('%0 = builtin.unrealized_conversion_cast %arg0, %arg1 : i32, i32 to tuple<i32, i32>');
    expect(text).toContain('%1 = "test.use"(%0, %x)');
  });
});

describe('reconcileUnrealizedCasts', () => {
  it('folds casts that cancel out and drops unused ones, keeping the rest', () => {
    const module = parseModule(
      [
        'func.func @f(%a: index) -> index {',
        '  %0 = builtin.unrealized_conversion_cast %a : index to i32',
        '  %1 = builtin.unrealized_conversion_cast %0 : i32 to index',
        '  %2 = builtin.unrealized_conversion_cast %a : index to i64',
        '  %3 = builtin.unrealized_conversion_cast %a : index to f32',
        '  "test.use"(%3) : (f32) -> ()',
        '  return %1 : index',
        '}',
        '',
      ].join('\n'),
    );
    reconcileUnrealizedCasts(module);
    const text = print(module);
    expect(text.match(/unrealized_conversion_cast/g)).toHaveLength(1);
    expect(text).toContain('return %a : index');
  });
});
