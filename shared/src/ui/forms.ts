/**
 * Chakra form controls: a federated singleton of its own, loaded with the screens that have a
 * form, so pages without one (the home page) do not carry their state machines.
 */
export { Checkbox, Field, Fieldset, Input, RadioGroup, Textarea } from '@chakra-ui/react';
export { Combobox, useFilter, useListCollection } from '@chakra-ui/react';
export { TextField } from './text-field';
