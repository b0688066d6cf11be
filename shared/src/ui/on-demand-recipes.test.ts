import { getSystem } from '../theme';

describe('recipes of the on-demand UI modules', () => {
  it('are not in the first load; each module adds its own to the site system when it loads', async () => {
    const system = getSystem();
    for (const key of ['checkbox', 'radioGroup', 'fieldset', 'dialog', 'drawer', 'menu']) expect(system.isSlotRecipe(key)).toBe(false);
    expect(system.isRecipe('textarea')).toBe(false);

    await import('./forms');
    for (const key of ['checkbox', 'radioGroup', 'fieldset']) expect(system.isSlotRecipe(key)).toBe(true);
    expect(system.isRecipe('textarea')).toBe(true);
    expect(system.isSlotRecipe('dialog')).toBe(false);

    await import('./overlays');
    for (const key of ['dialog', 'drawer', 'menu']) expect(system.isSlotRecipe(key)).toBe(true);
    // What the first load keeps: the search widget's plain city boxes are drawn with the combobox's.
    expect(system.isSlotRecipe('combobox')).toBe(true);
  });
});
