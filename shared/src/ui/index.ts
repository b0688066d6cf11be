/**
 * The one door to Chakra UI for the shell and every remote.
 *
 * `@rumbo/shared/ui` is a federated singleton; Chakra itself is not shared on its own. Webpack
 * keeps only the Chakra modules named here (Chakra has no side effects), so the site ships the
 * components it uses instead of all of Chakra (~300 KB gzip). A component a screen needs is
 * added here, on purpose; importing `@chakra-ui/react` elsewhere is a lint error.
 */
export {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Center,
  Checkbox,
  CloseButton,
  Container,
  Dialog,
  Drawer,
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
  Menu,
  NativeSelect,
  Portal,
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
