/**
 * The one door to Chakra UI for the shell and every remote.
 *
 * `@rumbo/shared/ui` is a federated singleton; Chakra itself is not shared on its own. Webpack
 * keeps only the Chakra modules named here (Chakra has no side effects), so the site ships the
 * components it uses instead of all of Chakra (~300 KB gzip). A component a screen needs is
 * added here, on purpose; importing `@chakra-ui/react` elsewhere is a lint error.
 * Overlays (menus, drawers, dialogs) live in `./overlays` and form controls in `./forms`: chunks
 * of their own, loaded by the screens that use them, so a page without them does not carry them.
 */
export {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Center,
  Container,
  Field,
  Flex,
  Grid,
  GridItem,
  Heading,
  HStack,
  Icon,
  IconButton,
  Image,
  Input,
  Link as ExternalLink,
  List,
  NativeSelect,
  Separator,
  SimpleGrid,
  Skeleton,
  SkipNavContent,
  SkipNavLink,
  Spinner,
  Stack,
  Table,
  Text,
  VisuallyHidden,
  VStack,
  chakra,
  useBreakpointValue,
  useSlotRecipe,
  type BoxProps,
  type ButtonProps,
  type HeadingProps,
  type StackProps,
  type TextProps,
} from '@chakra-ui/react';
export { UiProvider } from './provider';
export { NotFoundMessage } from './not-found';
export { PushOptIn } from './push-opt-in';
export { TicketQr } from './ticket-qr';
export { PageTitle, type PageTitleProps } from './page-title';
export { FramedSection, type FramedSectionProps } from './framed-section';
export { TitledText, type TitledTextProps } from './titled-text';
export { SelectControl, type SelectControlProps, type SelectOption } from './select-control';
export { ErrorNotice, RemoteError, type ErrorNoticeProps } from './remote-error';
