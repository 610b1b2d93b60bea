// Mantine components that navigate like a router <Link> (typed `to`/`params`/`search`, preloading).
// Mantine's polymorphic types need a concrete wrapper first (TanStack Router's documented Mantine recipe).
import { forwardRef, type AnchorHTMLAttributes } from 'react';
import { ActionIcon, Anchor, Button, type ActionIconProps, type AnchorProps, type ButtonProps } from '@mantine/core';
import { createLink, type LinkComponent } from '@tanstack/react-router';

type AnchorAttrs = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'color' | 'style'>;

const AnchorBase = forwardRef<HTMLAnchorElement, AnchorProps & AnchorAttrs>((props, ref) => <Anchor ref={ref} {...props} />);
const ButtonBase = forwardRef<HTMLAnchorElement, ButtonProps & AnchorAttrs>((props, ref) => <Button component="a" ref={ref} {...props} />);
const ActionIconBase = forwardRef<HTMLAnchorElement, ActionIconProps & AnchorAttrs>((props, ref) => (
  <ActionIcon component="a" ref={ref} {...props} />
));

const CreatedAnchor = createLink(AnchorBase);
const CreatedButton = createLink(ButtonBase);
const CreatedActionIcon = createLink(ActionIconBase);

export const AnchorLink: LinkComponent<typeof AnchorBase> = (props) => <CreatedAnchor preload="intent" {...props} />;
export const ButtonLink: LinkComponent<typeof ButtonBase> = (props) => <CreatedButton preload="intent" {...props} />;
export const ActionIconLink: LinkComponent<typeof ActionIconBase> = (props) => <CreatedActionIcon preload="intent" {...props} />;
