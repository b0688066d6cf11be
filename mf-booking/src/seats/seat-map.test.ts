import { markedParts, nameLines } from './seat-map';

describe('markedParts', () => {
  it('splits a name at its marks: what the button shows, in order, among the hidden words', () => {
    expect(markedParts('Piso 1, fila 1, asiento \u001f1\u001f, ventana, VIP cama \u001f180°\u001f, S/ \u001f120.00\u001f, disponible')).toEqual([
      { text: 'Piso 1, fila 1, asiento ', visible: false },
      { text: '1', visible: true },
      { text: ', ventana, VIP cama ', visible: false },
      { text: '180°', visible: true },
      { text: ', S/ ', visible: false },
      { text: '120.00', visible: true },
      { text: ', disponible', visible: false },
    ]);
  });
});

describe('nameLines', () => {
  it('starts a line at each visible part after the first, so line breaks fall on spaces of the name', () => {
    const lines = nameLines(markedParts('Piso 1, fila 12, asiento \u001f47\u001f, pasillo, Especial \u001f160°\u001f, S/ \u001f102.00\u001f, seleccionado'));
    expect(lines.map((line) => line.map((part) => part.text).join(''))).toEqual(['Piso 1, fila 12, asiento 47, pasillo, Especial ', '160°, S/ ', '102.00, seleccionado']);
    // Read as blocks (a space between lines, spaces collapsed): no space before a comma.
    expect(lines.map((line) => line.map((part) => part.text).join('')).join(' ').replace(/\s+/g, ' ')).toBe('Piso 1, fila 12, asiento 47, pasillo, Especial 160°, S/ 102.00, seleccionado');
  });
});
