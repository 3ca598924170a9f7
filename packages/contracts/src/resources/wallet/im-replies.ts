/**
 * wallet/imMsgListOfBuy and imMsgListOfSell: the chat's quick replies offered to a buyer or a seller,
 * per language, in order, on/off. One table; each page is scoped to its side.
 */
import { bilingual, defineResource } from '../../resource.ts';
import { STATUS_FIELD, statusLabels } from '../payManage/common.ts';

const LANGUAGE_LABELS = { 'zh-CN': ['简体中文', 'Chinese'], 'en-US': ['英文', 'English'] } as const;

function replyPage<const N extends string>(name: N, api: string, side: 'buy' | 'sell') {
  return defineResource({
    name,
    group: 'wallet',
    api,
    scope: { side },
    small: true,
    fields: {
      id: { type: 'number', list: true, sort: true },
      language: {
        type: 'enum',
        list: true,
        filter: 'eq',
        options: [{ value: 'zh-CN' }, { value: 'en-US' }],
        form: { required: true },
      },
      content: { type: 'text', list: true, filter: 'contains', form: { required: true, min: 1, max: 200 } },
      sortOrder: { type: 'number', list: true, sort: true, form: { required: true, min: 0, max: 999 } },
      status: STATUS_FIELD,
      createdAt: { type: 'datetime', list: true },
    },
    defaultSort: { field: 'sortOrder', order: 'asc' },
    labelField: 'content',
    actions: ['list', 'add', 'edit', 'remove', 'export'],
    labels: bilingual({
      [`field.${name}.id`]: ['编号', 'ID'],
      [`field.${name}.language`]: ['语言', 'Language'],
      [`enum.${name}.language.zh-CN`]: LANGUAGE_LABELS['zh-CN'],
      [`enum.${name}.language.en-US`]: LANGUAGE_LABELS['en-US'],
      [`field.${name}.content`]: ['快捷回复', 'Quick reply'],
      [`field.${name}.sortOrder`]: ['排序', 'Order'],
      ...statusLabels(name),
      [`field.${name}.createdAt`]: ['创建时间', 'Created at'],
    }),
  });
}

export const imMsgListOfBuy = replyPage('imMsgListOfBuy', '/api/wallet/imMsgBuy', 'buy');
export const imMsgListOfSell = replyPage('imMsgListOfSell', '/api/wallet/imMsgSell', 'sell');
