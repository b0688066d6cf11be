/**
 * Chakra form controls with state machines (checkbox, radio group) and the site's composed fields:
 * a federated singleton of its own, loaded with the screens that have such a form, so pages
 * without one do not carry them. `Field` and `Input` are in `@rumbo/shared/ui` (the search widget,
 * on the home page, has those only). The combobox is apart (`./combobox`).
 */
import { checkboxSlotRecipe, fieldsetSlotRecipe, radioGroupSlotRecipe, textareaRecipe } from '@chakra-ui/react/theme';
import { addRecipes } from '../theme';

// Their recipes come with them (not in every page's first load).
addRecipes({
  recipes: { textarea: textareaRecipe },
  slotRecipes: { checkbox: checkboxSlotRecipe, fieldset: fieldsetSlotRecipe, radioGroup: radioGroupSlotRecipe },
});

export { Checkbox, Fieldset, RadioGroup, Textarea } from '@chakra-ui/react';
export { TextField } from './text-field';
export { ErrorSummary, type SummaryEntry } from './error-summary';
export { SelectField } from './select-field';
export type { SelectOption } from './select-control';
