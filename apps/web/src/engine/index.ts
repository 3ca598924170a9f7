/** The resource engine: one component renders any resource definition (architecture.md). */

export { renderValue, valueText } from './cell-value.tsx';
export { formFields, toBody } from './form-values.ts';
export { resourceKey, useRefreshResource } from './resource-api.ts';
export { addLabels, useResourceLabels } from './resource-labels.ts';
export { ResourcePage } from './resource-page.tsx';
export type { FormMode, PageContext, ResourceOverrides, Row } from './types.ts';
