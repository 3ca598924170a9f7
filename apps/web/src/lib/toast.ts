/**
 * Toasts from anywhere, including the request client which lives outside React. antd's message is
 * loaded on the first toast rather than with the first screen (most sessions start without one);
 * the App keeps its static holder themed and localised through ConfigProvider.config.
 */
import type { MessageInstance } from 'antd/es/message/interface';

let loading: Promise<MessageInstance> | null = null;

function load(): Promise<MessageInstance> {
  loading ??= import('antd/es/message').then((m) => m.default);
  return loading;
}

function show(kind: 'error' | 'success' | 'warning' | 'info', text: string, seconds: number): void {
  void load().then((message) => message[kind](text, seconds));
}

/** Seconds each stays visible; errors 3 s (spec §8). */
export const toast = {
  error: (text: string, seconds = 3) => show('error', text, seconds),
  success: (text: string, seconds = 3) => show('success', text, seconds),
  warning: (text: string, seconds = 3) => show('warning', text, seconds),
  info: (text: string, seconds = 3) => show('info', text, seconds),
};
