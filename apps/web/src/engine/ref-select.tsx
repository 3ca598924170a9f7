/**
 * The input of a `ref` field in filters and forms: a searchable select fed by the referenced
 * resource's `POST <api>/options` (remote search on its label, debounced; pages loaded on scroll or
 * with "load more"; the chosen value's label resolved by `ids`). Nothing is cached: each opening asks
 * the server again, so a record added elsewhere shows up at once.
 */
import {
  OPTIONS_PAGE_SIZE,
  type OptionItem,
  type OptionsAnswer,
  optionsPath,
  refOptionFields,
} from '@payops/contracts/options';
import type { FieldDef } from '@payops/contracts/resource';
import Button from 'antd/es/button';
import Select from 'antd/es/select';
import { type CSSProperties, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../lib/api.ts';
import './detail-messages.ts';
import { useResourceDef } from './resource-registry.ts';

const SEARCH_DELAY_MS = 300;

type Value = string | number | null | undefined;

interface Page {
  q: string;
  items: OptionItem[];
  page: number;
  total: number;
}

export default function RefSelect({
  field,
  value,
  onChange,
  disabled,
  id,
  style,
  placeholder,
  'data-testid': testId,
}: {
  field: FieldDef;
  value?: Value;
  onChange?: (value: Value) => void;
  disabled?: boolean;
  id?: string;
  style?: CSSProperties;
  placeholder?: string;
  'data-testid'?: string;
}) {
  const { t } = useTranslation();
  const target = useResourceDef(field.ref?.resource);
  // The value and label the ref's cells show (a merchant by its number): what is shown is what is
  // found. By its parts: a choices filter hands a new `ref` object on every render.
  const { labelField = '', valueField } = field.ref ?? {};
  const shownAs = useMemo(
    () => (target ? refOptionFields({ labelField, valueField }, target) : {}),
    [labelField, valueField, target],
  );
  const [data, setData] = useState<Page | null>(null);
  const [loading, setLoading] = useState(false);
  const [known, setKnown] = useState<OptionItem | null>(null);
  const seq = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const fetchPage = async (q: string, page: number) => {
    if (!target) return;
    const mine = ++seq.current;
    setLoading(true);
    try {
      const answer = await api<OptionsAnswer>(optionsPath(target), {
        method: 'POST',
        body: {
          ...(q ? { q } : {}),
          ...(field.ref?.filters ? { filters: field.ref.filters } : {}),
          ...shownAs,
          page,
          pageSize: OPTIONS_PAGE_SIZE,
        },
      });
      if (mine !== seq.current) return;
      setData((prev) => ({
        q,
        page,
        total: answer.pager.total,
        items: page > 1 && prev ? [...prev.items, ...answer.list] : answer.list,
      }));
    } catch {
      // api() has shown the error (e.g. no permission to list the referenced resource).
    } finally {
      if (mine === seq.current) setLoading(false);
    }
  };

  // The label of a value given from outside (an edited row, a URL filter) that no page holds yet.
  useEffect(() => {
    if (!target || value === null || value === undefined || value === '') return;
    if (known?.value === value || data?.items.some((o) => o.value === value)) return;
    let live = true;
    void api<OptionsAnswer>(optionsPath(target), {
      method: 'POST',
      body: {
        ids: [value],
        ...shownAs,
        page: 1,
        pageSize: 1,
      },
      silent: true,
    })
      .then((a) => live && setKnown(a.list[0] ?? { value, label: String(value) }))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [target, value, known, data, shownAs]);

  const search = (q: string) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void fetchPage(q.trim(), 1), SEARCH_DELAY_MS);
  };
  useEffect(() => () => clearTimeout(timer.current), []);

  const more = !!data && data.items.length < data.total;
  const loadMore = () => {
    if (data && more && !loading) void fetchPage(data.q, data.page + 1);
  };

  const items = data?.items ?? [];
  const options = (known && !items.some((o) => o.value === known.value) ? [known, ...items] : items).map(
    (o) => ({ value: o.value, label: o.label }),
  );

  return (
    <Select<Value>
      id={id}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      disabled={disabled}
      allowClear
      style={style ?? { width: '100%' }}
      placeholder={placeholder ?? t('engine.searchToSelect')}
      showSearch={{ filterOption: false, onSearch: search }}
      options={options}
      loading={loading}
      // Each opening asks again: a record added meanwhile is offered (nothing is cached).
      onOpenChange={(open) => {
        if (open) void fetchPage('', 1);
      }}
      onPopupScroll={(e) => {
        const el = e.currentTarget;
        if (el.scrollTop + el.clientHeight >= el.scrollHeight - 24) loadMore();
      }}
      popupRender={(menu) => (
        <>
          {menu}
          {more && (
            <Button
              type="link"
              size="small"
              block
              loading={loading}
              onMouseDown={(e) => e.preventDefault()}
              onClick={loadMore}
              data-testid={`${testId ?? 'ref-select'}-more`}
            >
              {t('engine.loadMore')}
            </Button>
          )}
        </>
      )}
      data-testid={testId}
    />
  );
}
