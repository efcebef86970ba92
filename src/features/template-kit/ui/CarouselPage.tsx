import '@mantine/carousel/styles.css';
import { Carousel } from '@mantine/carousel';
import { Group, Paper, Stack, Text } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { CONDITIONS, PHONES, formatYuan } from '../content/catalog.ts';
import { KitPage } from '../components/KitPage.tsx';
import { PhoneImage } from '../components/PhoneImage.tsx';

/** The shop window's carousel of phones on offer (@mantine/carousel, loaded on this page only). */
export function CarouselPage({ title }: { title: string }) {
  const { t, i18n } = useLingui();
  return (
    <KitPage title={title}>
      <Paper withBorder p="md">
        <Carousel
          slideSize={{ base: '100%', sm: '50%', md: '33.333%' }}
          slideGap="md"
          emblaOptions={{ loop: true, align: 'start', direction: document.dir === 'rtl' ? 'rtl' : 'ltr' }}
          withIndicators
          previousControlProps={{ 'aria-label': t`Previous` }}
          nextControlProps={{ 'aria-label': t`Next` }}
          dir={document.dir === 'rtl' ? 'rtl' : 'ltr'}
        >
          {PHONES.map((p) => (
            <Carousel.Slide key={p.sku}>
              <Paper withBorder p="md" h="100%">
                <Group wrap="nowrap">
                  <PhoneImage hue={p.hue} size={130} />
                  <Stack gap={4}>
                    <Text fw={700}>{p.model}</Text>
                    <Text size="sm" c="dimmed">
                      {p.storage} GB · {i18n._(CONDITIONS[p.condition])}
                    </Text>
                    <Text fw={600}>{formatYuan(p.price, i18n.locale)}</Text>
                  </Stack>
                </Group>
              </Paper>
            </Carousel.Slide>
          ))}
        </Carousel>
      </Paper>
    </KitPage>
  );
}
