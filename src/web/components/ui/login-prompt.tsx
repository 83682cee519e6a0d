import { Button } from './button.tsx';

/** A screen that needs a signed-in person, shown to someone who is not: why, and the way in. */
export function LoginPrompt({ message, onLogin }: { message: string; onLogin: () => void }) {
  return (
    <div className="login-prompt">
      <p>{message}</p>
      <Button onClick={onLogin}>Login</Button>
    </div>
  );
}
