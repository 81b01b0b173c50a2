/**
 * FileCheck's buffer canonicalization, applied to both the check file and the
 * input: CRLF becomes LF and, unless whitespace is strict, each run of spaces
 * and tabs becomes a single space.
 */
export function canonicalize(text: string, strictWhitespace: boolean): string {
  const unixText = text.replace(/\r\n/g, '\n');
  return strictWhitespace ? unixText : unixText.replace(/[ \t]+/g, ' ');
}
