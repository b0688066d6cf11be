/**
 * Chakra overlays (menus, drawers, dialogs): a federated singleton of its own, loaded on demand
 * (`lazy(() => import(...))`) so the first load of a page does not carry them.
 */
export { CloseButton, Dialog, Drawer, Menu, Portal } from '@chakra-ui/react';
