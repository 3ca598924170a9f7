/** A header button with a menu of choices, the current one selected: the language and size switches. */
import type { ReactNode } from 'react';
import { LazyDropdown } from '../../lib/lazy-dropdown.tsx';
import { HeaderButton } from './header-button.tsx';

export interface ChoiceSwitchProps<K extends string> {
  value: K;
  choices: readonly K[];
  onChoose: (choice: K) => void;
  /** The visible text of a choice. */
  label: (choice: K) => string;
  /** Prefix of the test ids: `<testId>` on the button, `<option>-<choice>` on each entry. */
  testId: string;
  option: string;
  icon: ReactNode;
  title: string;
  children?: ReactNode;
}

export function ChoiceSwitch<K extends string>(props: ChoiceSwitchProps<K>) {
  return (
    <LazyDropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [props.value],
        items: props.choices.map((c) => ({
          key: c,
          label: <span data-testid={`${props.option}-${c}`}>{props.label(c)}</span>,
        })),
        onClick: ({ key }) => props.onChoose(key as K),
      }}
    >
      <HeaderButton icon={props.icon} title={props.title} data-testid={props.testId}>
        {props.children}
      </HeaderButton>
    </LazyDropdown>
  );
}
