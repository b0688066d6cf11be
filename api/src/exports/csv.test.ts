import { csvDocument } from './csv';

const cell = (value: string | number | null) => csvDocument(['x'], [[value]]).split('\r\n')[1]!;

describe('issue 45 item 3: CSV cells are never formulas in a spreadsheet', () => {
  it.each(['=HYPERLINK("http://evil.example","x")', '+51 999', '-2+3', '@SUM(A1)', '\tcmd', '\rcmd'])('prefixes %j with a single quote', (text) => {
    expect(cell(text).replace(/^"/, '').startsWith("'")).toBe(true);
  });

  it('leaves ordinary text and numbers alone, and still quotes as RFC 4180 says', () => {
    expect(cell('Quispe Mamani')).toBe('Quispe Mamani');
    expect(cell('a, "b"')).toBe('"a, ""b"""');
    expect(cell(-12.5)).toBe('-12.5');
    expect(cell(null)).toBe('');
    expect(cell('=1+1, "x"')).toBe(`"'=1+1, ""x"""`);
    expect(csvDocument(['a', 'b'], [['=1', 2]])).toBe("a,b\r\n'=1,2\r\n");
  });
});
