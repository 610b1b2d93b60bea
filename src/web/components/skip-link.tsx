// "Skip to main content": the first stop of Tab on every signed-in page, to jump past the header and navigation.
// The click moves the focus itself (no #hash in the router's URL).
import classes from './skip-link.module.css';

export const MAIN_ID = 'main-content';

export function SkipLink() {
  return (
    <a
      href={`#${MAIN_ID}`}
      className={`${classes.skipLink} mantine-focus-auto`}
      onClick={(e) => {
        e.preventDefault();
        const main = document.getElementById(MAIN_ID);
        main?.focus();
        main?.scrollIntoView({ block: 'start' });
      }}
    >
      Skip to main content
    </a>
  );
}
