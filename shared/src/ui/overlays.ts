/**
 * Chakra overlays (menus, drawers, dialogs): a federated singleton of its own, loaded on demand
 * (`lazy(() => import(...))`) so the first load of a page does not carry them.
 */
import { dialogSlotRecipe, drawerSlotRecipe, menuSlotRecipe } from '@chakra-ui/react/theme';
import { addRecipes } from '../theme';

// Their recipes come with them (not in every page's first load).
addRecipes({ slotRecipes: { dialog: dialogSlotRecipe, drawer: drawerSlotRecipe, menu: menuSlotRecipe } });

export { CloseButton, Dialog, Drawer, Menu, Portal } from '@chakra-ui/react';
