/**
 * Choosing a merchant or a passage by name in the channel-config forms (the definitions hold only
 * their ids): the names come from /api/mch/options, fetched once per page.
 */
import Select from 'antd/es/select';
import { useEffect, useState } from 'react';
import { api } from '../../lib/api.ts';

interface Options {
  merchants: { id: number; mchNo: string; name: string }[];
  passages: { id: number; name: string; direction: string; payType: string }[];
}

let cached: Promise<Options> | undefined;

function useOptions(): Options | undefined {
  const [options, setOptions] = useState<Options>();
  useEffect(() => {
    cached ??= api<Options>('/api/mch/options');
    cached.then(setOptions, () => {
      cached = undefined;
    });
  }, []);
  return options;
}

type SelectProps = { value?: number; onChange?: (v: number) => void; disabled?: boolean };

export function MerchantSelect(props: SelectProps) {
  const options = useOptions();
  return (
    <Select
      {...props}
      showSearch
      optionFilterProp="label"
      data-testid="form-merchantId"
      options={options?.merchants.map((m) => ({ value: m.id, label: `${m.mchNo} ${m.name}` }))}
    />
  );
}

export function PassageSelect({ direction, ...props }: SelectProps & { direction: 'deposit' | 'withdraw' }) {
  const options = useOptions();
  return (
    <Select
      {...props}
      showSearch
      optionFilterProp="label"
      data-testid="form-passageId"
      options={options?.passages
        .filter((p) => p.direction === direction)
        .map((p) => ({ value: p.id, label: p.name }))}
    />
  );
}
