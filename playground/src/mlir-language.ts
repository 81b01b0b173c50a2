/**
 * MLIR's textual format for CodeMirror 6 (a StreamLanguage tokenizer; CodeMirror has no MLIR mode):
 * comments, strings, SSA values (%x), symbols (@f), block labels (^bb0), dialect types (!t) and
 * attributes (#a), builtin types, op names (dialect.op), numbers.
 */
import { StreamLanguage, type StringStream } from '@codemirror/language';

const BUILTIN_TYPE = /^(?:[iuf](?:1|8|16|32|64)|bf16|tf32|f80|f128|index|none|memref|tensor|vector|complex|tuple)\b/;
const KEYWORD = /^(?:func|return|module|ins|outs|to|step|iter_args|attributes|dense|loc|true|false|unit|affine_map|strided|kernel|workgroup|private)\b/;

export const mlir = StreamLanguage.define<{ inString: boolean }>({
  name: 'mlir',
  startState: () => ({ inString: false }),
  token(stream: StringStream, state): string | null {
    if (state.inString) {
      while (!stream.eol()) {
        const c = stream.next();
        if (c === '\\') stream.next();
        else if (c === '"') {
          state.inString = false;
          break;
        }
      }
      return 'string';
    }
    if (stream.eatSpace()) return null;
    if (stream.match('//')) {
      stream.skipToEnd();
      return 'comment';
    }
    if (stream.eat('"')) {
      state.inString = true;
      return 'string';
    }
    if (stream.match(/^%[\w$.-]+(?:#\d+)?/)) return 'variableName';
    if (stream.match(/^@[\w$.-]+/) || stream.match(/^@"[^"]*"/)) return 'variableName.definition';
    if (stream.match(/^\^[\w$.-]+/)) return 'labelName';
    if (stream.match(/^![\w$.-]+/)) return 'typeName';
    if (stream.match(/^#[\w$.-]+/)) return 'attributeName';
    if (stream.match(/^-?0x[0-9a-fA-F]+/) || stream.match(/^-?\d+(?:\.\d*)?(?:[eE][+-]?\d+)?/)) return 'number';
    if (stream.match(BUILTIN_TYPE)) return 'typeName';
    if (stream.match(/^[A-Za-z_][\w$]*\.[\w$.]+/)) return 'keyword';
    if (stream.match(KEYWORD)) return 'keyword';
    if (stream.match(/^[A-Za-z_][\w$-]*/)) return null;
    stream.next();
    return 'punctuation';
  },
  languageData: { commentTokens: { line: '//' } },
});
