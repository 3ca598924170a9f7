/**
 * The operator's system setting "reduce motion" (prefers-reduced-motion). When it is on, antd's
 * motions (drawers sliding, dialogs zooming, menus folding) and the charts' entry animation are
 * switched off through antd's own `motion` token and echarts' `animation`: the change happens at once
 * instead of moving. (Not by a global CSS rule shortening every animation: antd then places its
 * dropdowns and popovers off screen, ant-design#58176.) Read when the theme or a chart is built; a
 * change of the setting applies from the next one.
 */
export function reducedMotion(): boolean {
  return (
    typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true
  );
}
