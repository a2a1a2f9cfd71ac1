interface FieldMessagesProps {
  id: string;
  messages: string[] | undefined;
}

/** The errors of one field, referenced by the control's aria-describedby. */
export function FieldMessages({ id, messages }: FieldMessagesProps) {
  if (!messages || messages.length === 0) return null;
  return (
    <div id={id} className="mt-1 space-y-0.5 text-sm text-red-600">
      {messages.map((message) => (
        <p key={message}>{message}</p>
      ))}
    </div>
  );
}
