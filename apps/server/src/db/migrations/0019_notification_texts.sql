-- Notifications read in the reader's current language (issue 34): the server's texts are kept as a
-- key of locales/<lang>/notifications.json and its parameters, and rendered when read. `title` and
-- `content` still hold the text as first written (and a user's own notification's words).
ALTER TABLE notifications ADD COLUMN title_key text;
--> statement-breakpoint
ALTER TABLE notifications ADD COLUMN content_key text;
--> statement-breakpoint
-- Parameter values are a string or number, or {"ko": …, "en": …} for one that is itself a text.
ALTER TABLE notifications ADD COLUMN text_params jsonb NOT NULL DEFAULT '{}';
--> statement-breakpoint
-- The rows written before: each title and content the server wrote is one of the two renderings of
-- a key (the texts of 0006's time), and `data` holds what went into it.
UPDATE notifications SET title_key = 'newMessageTitle',
  text_params = text_params || jsonb_build_object('fromName', data->>'fromName')
WHERE type = 'NEW_MESSAGE' AND data ? 'fromName' AND (title LIKE '새 메일: %' OR title LIKE 'New mail from %');
--> statement-breakpoint
UPDATE notifications SET title_key = 'bounceTitle'
WHERE type = 'SYSTEM_ALERT' AND title IN ('메일 전달 실패', 'Mail could not be delivered');
--> statement-breakpoint
UPDATE notifications SET content_key = 'noSubject'
WHERE type IN ('NEW_MESSAGE', 'SYSTEM_ALERT', 'MESSAGE_STATUS_UPDATE') AND content IN ('(제목 없음)', '(no subject)')
  AND coalesce(data->>'subject', '') = '';
--> statement-breakpoint
UPDATE notifications SET title_key = 'filterExecutedTitle',
  text_params = text_params || jsonb_build_object('filterName', data->>'filterName')
WHERE type = 'FILTER_EXECUTED' AND data ? 'filterName'
  AND (title LIKE '필터 ''%'' 실행됨' OR title LIKE 'Filter ''%'' ran');
--> statement-breakpoint
UPDATE notifications SET content_key = 'filterExistingMailContent',
  text_params = text_params || jsonb_build_object('matched', data->'matched', 'scanned', data->'scanned')
WHERE type = 'FILTER_EXECUTED' AND data->>'existingMail' = 'true' AND data ? 'matched' AND data ? 'scanned';
--> statement-breakpoint
-- A run's actions were described in one language; they stay so, around the translated words.
UPDATE notifications SET content_key = 'filterExecutedContent',
  text_params = text_params || jsonb_build_object('subject', data->>'subject', 'actions', split_part(content, ' — ', 2))
WHERE type = 'FILTER_EXECUTED' AND content_key IS NULL AND coalesce(data->>'subject', '') <> ''
  AND content = (data->>'subject') || ' — ' || split_part(content, ' — ', 2) AND split_part(content, ' — ', 2) <> '';
--> statement-breakpoint
UPDATE notifications SET title_key = 'statusUpdateTitle',
  text_params = text_params || jsonb_build_object('status', data->>'status')
WHERE type = 'MESSAGE_STATUS_UPDATE' AND data ? 'status'
  AND title IN ('메일 상태 변경: ' || (data->>'status'), 'Message status changed: ' || (data->>'status'));
--> statement-breakpoint
UPDATE notifications SET title_key = 'mailboxUpdateTitle',
  text_params = text_params || jsonb_build_object('mailboxName',
    coalesce(substring(title FROM '^메일함 ''(.*)'' 업데이트$'), substring(title FROM '^Folder ''(.*)'' updated$')))
WHERE type = 'MAILBOX_UPDATE' AND (title ~ '^메일함 ''.*'' 업데이트$' OR title ~ '^Folder ''.*'' updated$');
--> statement-breakpoint
UPDATE notifications SET content_key = 'mailboxUpdateContent',
  text_params = text_params || jsonb_build_object('totalCount', data->'totalCount', 'unreadCount', data->'unreadCount')
WHERE type = 'MAILBOX_UPDATE' AND data ? 'totalCount' AND data ? 'unreadCount'
  AND content IN ('전체 ' || (data->>'totalCount') || '통, 읽지 않음 ' || (data->>'unreadCount') || '통',
    (data->>'totalCount') || ' messages, ' || (data->>'unreadCount') || ' unread');
--> statement-breakpoint
UPDATE notifications SET title_key = 'testTitle' WHERE title IN ('테스트 알림', 'Test notification') AND data->>'test' = 'true';
--> statement-breakpoint
UPDATE notifications SET content_key = 'testContent'
WHERE content IN ('실시간 알림이 정상적으로 동작합니다.', 'Real-time notifications are working.') AND data->>'test' = 'true';
