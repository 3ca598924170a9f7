/**
 * Texts of the /payManage pages' own panels (the definitions carry field and action labels), and the
 * switches' names from their one catalogue. Added to i18next when such a page first mounts.
 */

import { bilingual } from '@payops/contracts/resource';
import { DATACENTER_SWITCH_EFFECTS, DATACENTER_SWITCHES } from '@payops/contracts/resources/payManage/common';
import { useState } from 'react';
import { addLabels } from '../../engine/resource-labels.ts';

export const payLabels = bilingual({
  'payPage.secretNote': [
    '签名密钥只写不读：保存后只显示末4位；编辑时留空则保留原密钥。',
    'The signing secret is write-only: after saving only its last 4 characters show; leave it empty when editing to keep it.',
  ],
  'payPage.switches': ['系统开关', 'Switches'],
  'payPage.switchesNote': [
    '资金流程按这些开关运行（鼠标移到开关名上查看关闭后的效果）；未设置的开关视为开启；其他实例在3秒内生效。',
    'The money flows obey these switches (hover a name to see what switching it off stops); a switch never set is on; other server instances follow within 3 seconds.',
  ],
  'payPage.on': ['开', 'On'],
  'payPage.off': ['关', 'Off'],
  ...Object.fromEntries(Object.entries(DATACENTER_SWITCHES).map(([k, v]) => [`switch.${k}`, v])),
  ...Object.fromEntries(Object.entries(DATACENTER_SWITCH_EFFECTS).map(([k, v]) => [`switchEffect.${k}`, v])),
});

export function usePayLabels(): void {
  useState(() => addLabels('@pay-pages', payLabels));
}
