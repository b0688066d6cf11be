import { csvCell, csvDocument, spreadsheetSafe } from './csv';

describe('issue 45 item 3: CSV cells are never formulas in a spreadsheet', () => {
  it.each(['=HYPERLINK("http://evil.example","x")', '+51 999', '-2+3', '@SUM(A1)', '\tcmd', '\rcmd'])('prefixes %j with a single quote', (text) => {
    expect(spreadsheetSafe(text)).toBe(`'${text}`);
    expect(csvCell(text).replace(/^"|"$/g, '').startsWith("'")).toBe(true);
  });

  it('leaves ordinary text and numbers alone, and still quotes as RFC 4180 says', () => {
    expect(csvCell('Quispe Mamani')).toBe('Quispe Mamani');
    expect(csvCell('a, "b"')).toBe('"a, ""b"""');
    expect(csvCell(-12.5)).toBe('-12.5');
    expect(csvCell(null)).toBe('');
    expect(csvCell('=1+1, "x"')).toBe(`"'=1+1, ""x"""`);
    expect(csvDocument(['a', 'b'], [['=1', 2]])).toBe("a,b\r\n'=1,2\r\n");
  });
});
