/**
 * The one door to Chakra UI for the shell and every remote.
 *
 * `@rumbo/shared/ui` is a federated singleton; Chakra itself is not shared on its own. Webpack
 * keeps only the Chakra modules named here (Chakra has no side effects), so the site ships the
 * components it uses instead of all of Chakra (~300 KB gzip). A component a screen needs is
 * added here, on purpose; importing `@chakra-ui/react` elsewhere is a lint error.
 * Overlays (menus, drawers, dialogs) live in `./overlays`, a chunk of their own that screens load
 * when they open one, so they cost nothing on first load.
 */
export {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Center,
  Checkbox,
  Container,
  Field,
  Fieldset,
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
  RadioGroup,
  Separator,
  SimpleGrid,
  Skeleton,
  SkipNavContent,
  SkipNavLink,
  Spinner,
  Stack,
  Table,
  Text,
  Textarea,
  VisuallyHidden,
  VStack,
  chakra,
  useBreakpointValue,
  type BoxProps,
  type ButtonProps,
  type HeadingProps,
  type StackProps,
  type TextProps,
} from '@chakra-ui/react';
export { UiProvider } from './provider';
export { RemoteError } from './remote-error';
