// A country's flag as an SVG image (country-flag-icons, MIT), not an emoji: Windows and many Linux systems have no
// flag emoji and show two letters instead. Each flag is a small file of its own, fetched when first shown (and then
// from the browser's cache): the page's code holds only their addresses.
import { Group, type ComboboxLikeRenderOptionInput, type ComboboxItem } from '@mantine/core';
import classes from './country-flag.module.css';

const FLAGS = import.meta.glob<string>('/node_modules/country-flag-icons/3x2/*.svg', { query: '?no-inline', import: 'default', eager: true });
const PATH = '/node_modules/country-flag-icons/3x2/';

/** The flag's address for an ISO 3166-1 alpha-2 code ("DE", any case), or undefined when there is none. */
export function flagUrl(code: string): string | undefined {
  return /^[a-z]{2}$/i.test(code) ? FLAGS[`${PATH}${code.toUpperCase()}.svg`] : undefined;
}

/** The flag before a country's name (decorative: the name says which), `space`: then a space; nothing for an unknown code. */
export function CountryFlag({ code, space = false }: { code: string; space?: boolean }) {
  const src = flagUrl(code);
  if (!src) return null;
  const img = <img src={src} alt="" width={18} height={12} loading="lazy" decoding="async" className={classes.flag} data-flag={code.toUpperCase()} />;
  return space ? <>{img} </> : img;
}

/** A country select's look (its options' values are country codes): each option with its flag, and the chosen one's in the input. */
export function countrySelectProps(value: string | null | undefined) {
  return {
    renderOption: ({ option }: ComboboxLikeRenderOptionInput<ComboboxItem>) => (
      <Group gap={8} wrap="nowrap">
        <CountryFlag code={option.value} />
        {option.label}
      </Group>
    ),
    leftSection: value ? <CountryFlag code={value} /> : undefined,
  };
}
