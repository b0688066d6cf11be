import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { framePage, matchesPattern } from '../scripts/frames.mjs';

describe("the site's server answers frames (issue 17 item 5)", () => {
  let root: string;
  beforeAll(() => {
    root = mkdtempSync(path.join(tmpdir(), 'frames-'));
    for (const page of ['pasajes', 'pasajes/reserva/:codigo']) {
      mkdirSync(path.join(root, 'pages', page), { recursive: true });
      writeFileSync(path.join(root, 'pages', page, 'index.html'), '<html></html>');
    }
    writeFileSync(path.join(root, 'pages', 'frames.json'), JSON.stringify({ '/pasajes': 'mf_booking', '/pasajes/reserva/:codigo': 'mf_booking' }));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("serves a frame's page for its address with a query (without one, the stitched page itself is found)", () => {
    expect(framePage(root, '/pasajes?origen=LIM')).toBe('pages/pasajes/index.html');
    expect(framePage(root, '/pasajes')).toBeUndefined();
    expect(framePage(root, '/promociones?confirmar=x')).toBeUndefined();
  });

  it("serves a pattern's page for every address it matches, with or without a query", () => {
    expect(framePage(root, '/pasajes/reserva/ABCDEFGH')).toBe('pages/pasajes/reserva/:codigo/index.html');
    expect(framePage(root, '/pasajes/reserva/ABCDEFGH/?x=1')).toBe('pages/pasajes/reserva/:codigo/index.html');
    expect(framePage(root, '/pasajes/reserva')).toBeUndefined();
    expect(framePage(root, '/pasajes/reserva/ABCDEFGH/tickets')).toBeUndefined();
    expect(framePage(root, '/pasajes/postergar/ABCDEFGH-1')).toBeUndefined();
  });

  it('matches a `:name` segment to any one segment, never a dot segment', () => {
    expect(matchesPattern('/pasajes/reserva/:codigo', '/pasajes/reserva/x')).toBe(true);
    expect(matchesPattern('/pasajes/reserva/:codigo', '/pasajes/reserva/..')).toBe(false);
    expect(matchesPattern('/pasajes/reserva/:codigo', '/pasajes/otra/x')).toBe(false);
  });
});
