/** raw_ostream::write_escaped: C-style escapes, octal for other non-printables. */
export function writeEscaped(text: string): string {
  let out = '';
  for (const c of text) {
    const code = c.charCodeAt(0);
    if (c === '\\') out += '\\\\';
    else if (c === '\t') out += '\\t';
    else if (c === '\n') out += '\\n';
    else if (c === '"') out += '\\"';
    else if (isPrint(code)) out += c;
    else out += '\\' + code.toString(8).padStart(3, '0');
  }
  return out;
}

export function isPrint(code: number): boolean {
  return code >= 0x20 && code <= 0x7e;
}

/** Levenshtein distance (StringRef::edit_distance with replacements allowed). */
export function editDistance(a: string, b: string): number {
  let prev = new Int32Array(b.length + 1);
  let cur = new Int32Array(b.length + 1);
  for (let j = 0; j <= b.length; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) {
      const replace = prev[j - 1]! + (ca === b.charCodeAt(j - 1) ? 0 : 1);
      cur[j] = Math.min(replace, prev[j]! + 1, cur[j - 1]! + 1);
    }
    [prev, cur] = [cur, prev];
  }
  return prev[b.length]!;
}
