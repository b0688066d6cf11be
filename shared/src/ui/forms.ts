/**
 * Chakra form controls: a federated singleton of its own, loaded with the screens that have a
 * form, so pages without one (the home page) do not carry their state machines.
 */
export { Checkbox, Field, Fieldset, Input, RadioGroup, Textarea } from '@chakra-ui/react';
export { useFilter, useListCollection } from '@chakra-ui/react';
export { Combobox } from './combobox';
export { TextField } from './text-field';
