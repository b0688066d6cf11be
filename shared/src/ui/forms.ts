/**
 * Chakra form controls: a federated singleton of its own, loaded with the screens that have a
 * form, so pages without one do not carry their state machines. The combobox is apart
 * (`./combobox`): only the search widget has one.
 */
export { Checkbox, Field, Fieldset, Input, RadioGroup, Textarea } from '@chakra-ui/react';
export { TextField } from './text-field';
export { ErrorSummary, type SummaryEntry } from './error-summary';
export { SelectField, type SelectOption } from './select-field';
