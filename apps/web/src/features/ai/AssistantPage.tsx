import { MSG } from '@bufete/shared/messages';
import { useState } from 'react';
import { PageHeader } from '@/components/ui/page-header';
import { ChatPanel } from './ChatPanel';
import { SidePanel } from './SidePanel';
import { UsageCard } from './UsageCard';
import { useChat } from './useChat';
import { PAGE_HEADINGS } from '@/lib/page-headings';

/** /ai-assistant (spec part 2): usage, the legal chat and its side panel. */
export default function AssistantPage() {
  const chat = useChat();
  const [draft, setDraft] = useState('');
  return (
    <div>
      <PageHeader {...PAGE_HEADINGS['ai-assistant']} />
      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0 space-y-4">
          <UsageCard usage={chat.usage} />
          <ChatPanel chat={chat} draft={draft} setDraft={setDraft} />
          {/* Under the chat, by its disabled box: it appears when the status arrives without moving the chat. */}
          {chat.modeloConocido && !chat.modelo ? (
            <p className="text-sm text-slate-600" data-testid="no-model">
              {MSG.ai.sinModeloAviso}
            </p>
          ) : null}
        </div>
        <SidePanel
          withModel={!chat.modeloConocido || !!chat.modelo}
          activeSessionId={chat.sessionId}
          onOpenSession={(id) => void chat.loadSession(id)}
          onForget={chat.forget}
          onSuggest={(text) => setDraft(text)}
        />
      </div>
    </div>
  );
}
