import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * An API answer plus the edits this screen made from its own writes' answers (a published
 * review, a vote), shown at once. The edits hold only while `answer` is the one they were
 * made on: the next fetch (live refresh) replaces them with what the server now says.
 */
export function useLocalEdits<Data>(answer: Data | undefined): [Data | undefined, (edit: (data: Data) => Data) => void] {
  const [edited, setEdited] = useState<{ basedOn: Data; data: Data } | null>(null);
  // A write's answer arrives after a render: edit the answer shown now, not the one it started on.
  const latestAnswer = useRef(answer);
  useEffect(() => {
    latestAnswer.current = answer;
  }, [answer]);

  const edit = useCallback((change: (data: Data) => Data) => {
    const base = latestAnswer.current;
    if (base === undefined) return;
    setEdited((previous) => ({ basedOn: base, data: change(previous?.basedOn === base ? previous.data : base) }));
  }, []);

  const shown = edited && edited.basedOn === answer ? edited.data : answer;
  return [shown, edit];
}
