import { Link, useTranslation } from '@rumbo/shared';
import { Box, Container, Heading, PageTitle, Text } from '@rumbo/shared/ui';

interface Clause {
  title: string;
  body: string;
}

/** `/carga/clausulas`: the conditions of the cargo service. */
export default function ClausesPage() {
  const { t } = useTranslation('cargo');
  const clauses = t('clauses.items', { returnObjects: true }) as unknown as Clause[];
  return (
    <Container as="article" maxW="3xl" py={{ base: '8', md: '12' }} aria-labelledby="clauses-title">
      <PageTitle titleId="clauses-title" title={t('clauses.title')} lead={t('clauses.lead')} mb="8" />
      <Box as="ol" ps="6" listStyleType="decimal">
        {clauses.map((clause) => (
          <Box as="li" key={clause.title} mb="6">
            <Heading as="h2" size="md" mb="1">
              {clause.title}
            </Heading>
            <Text lineHeight="1.7">{clause.body}</Text>
          </Box>
        ))}
      </Box>
      <Link to="/cargo" color="brand.fg" textDecoration="underline">
        {t('service.eyebrow')}
      </Link>
    </Container>
  );
}
