/**
 * sys/pendingChange (shown under the settings on the sysBackConfig page): a change that weakens a
 * protection (raising the adjustment approval threshold, switching off the IP white list or the
 * authenticator requirement, fewer USDT confirmations, more cashier SMS codes, clearing the code of
 * a money action) waits here for a second administrator. Approving applies it; rejecting leaves the
 * protection as it is. The maker decides neither.
 */
import { defineLifecycle } from '../../lifecycle.ts';
import { bilingual, defineResource, OPERATOR_REF } from '../../resource.ts';

/** Who may change settings decides their pending changes (the permission asks for a code). */
const SETTINGS_EDIT = 'sys.sysBackConfig.edit';
const CHECKER = { makerChecker: { requesterField: 'requestedBy' }, permission: SETTINGS_EDIT } as const;

export const pendingChangeLifecycle = defineLifecycle({
  states: {
    pending: { color: 'gold', label: ['待审批', 'Awaiting approval'] },
    approved: { color: 'green', label: ['已生效', 'Approved'] },
    rejected: { color: 'default', label: ['已驳回', 'Rejected'] },
  },
  transitions: {
    approve: {
      from: ['pending'],
      to: 'approved',
      label: ['批准', 'Approve'],
      confirm: [
        '批准后该变更立即生效，确定批准吗？',
        'The change takes effect as soon as it is approved. Approve it?',
      ],
      needsCode: true,
      ...CHECKER,
    },
    reject: {
      from: ['pending'],
      to: 'rejected',
      label: ['驳回', 'Reject'],
      input: { reason: { required: true, min: 2, max: 200 } },
      ...CHECKER,
    },
  },
});

export const PENDING_CHANGE_TARGETS = [{ value: 'setting' }, { value: 'needsCode' }] as const;

export const pendingChange = defineResource({
  name: 'pendingChange',
  group: 'sys',
  page: 'sysBackConfig',
  pageList: false,
  api: '/api/sys/pendingChange',
  small: true,
  fields: {
    id: { type: 'number', list: true, sort: true },
    target: { type: 'enum', list: true, filter: 'eq', options: PENDING_CHANGE_TARGETS },
    // A setting's key (sysBackConfig's catalogue) or a permission id (the resource catalogue).
    key: { type: 'string', list: true, filter: 'eq' },
    before: { type: 'json', list: true },
    value: { type: 'json', list: true },
    status: { type: 'enum', list: true, filter: 'eq' },
    // The maker, by their account: the web hides approve and reject on the operator's own requests.
    requestedBy: { type: 'ref', list: true, ref: OPERATOR_REF },
    requestedAt: { type: 'datetime', list: true, sort: true, filter: 'between' },
    decidedBy: { type: 'ref', list: true, ref: OPERATOR_REF },
    decidedAt: { type: 'datetime', list: true },
    decisionNote: { type: 'text', list: true },
  },
  defaultSort: { field: 'id', order: 'desc' },
  actions: ['list'],
  lifecycle: pendingChangeLifecycle,
  labels: bilingual({
    'field.pendingChange.id': ['编号', 'ID'],
    'field.pendingChange.target': ['变更对象', 'Changes'],
    'enum.pendingChange.target.setting': ['系统配置', 'A setting'],
    'enum.pendingChange.target.needsCode': ['操作验证码', "An action's code"],
    'field.pendingChange.key': ['配置项 / 权限', 'Setting / permission'],
    'field.pendingChange.before': ['原值', 'From'],
    'field.pendingChange.value': ['新值', 'To'],
    'field.pendingChange.status': ['状态', 'Status'],
    'field.pendingChange.requestedBy': ['申请人', 'Requested by'],
    'field.pendingChange.requestedAt': ['申请时间', 'Requested at'],
    'field.pendingChange.decidedBy': ['审批人', 'Decided by'],
    'field.pendingChange.decidedAt': ['审批时间', 'Decided at'],
    'field.pendingChange.decisionNote': ['审批意见', 'Decision note'],
    'pendingChange.title': ['待审批的变更', 'Changes awaiting approval'],
    'pendingChange.needsCode.on': ['需要验证码', 'Code required'],
    'pendingChange.needsCode.off': ['不需要验证码', 'No code'],
  }),
});
