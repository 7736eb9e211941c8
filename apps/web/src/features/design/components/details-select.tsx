import { useState } from 'react';
import { defaultOptionsFilter, Select, type ComboboxItem, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import classes from './details-select.module.css';

/** Spec §2, §9: dropdowns show at most 5 rows of 48 px, and searching waits 500 ms. */
const OPTION_HEIGHT = 48;
const VISIBLE_OPTIONS = 5;
const SEARCH_DEBOUNCE_MS = 500;

type DetailsSelectProps = Omit<SelectProps, 'data'> & { data: ComboboxItem[] };

/** A Details dropdown: searchable, filtering by what was typed once typing pauses. */
export function DetailsSelect({ data, value, ...props }: DetailsSelectProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [settledSearch] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const selectedLabel = data.find((item) => item.value === value)?.label;

  return (
    <Select
      {...props}
      data={data}
      value={value}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // Until the search settles it may still be the chosen option's label: nothing to filter by.
      filter={({ options, limit }) =>
        settledSearch === selectedLabel
          ? options
          : defaultOptionsFilter({ options, search: settledSearch, limit })
      }
      maxDropdownHeight={VISIBLE_OPTIONS * OPTION_HEIGHT}
      nothingFoundMessage={t('common.nothingFound')}
      classNames={{ option: classes.option }}
      comboboxProps={{ shadow: 'lg' }}
    />
  );
}
