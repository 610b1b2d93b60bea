// Toasts of the resource pages, with a named close button (axe: button-name).
import { notifications } from '@mantine/notifications';

const closeButtonProps = { 'aria-label': 'Close notification' };

export const notify = {
  success: (message: string) => notifications.show({ color: 'teal', message, closeButtonProps }),
  failure: (title: string, message: string) => notifications.show({ color: 'red', title, message, closeButtonProps }),
};
