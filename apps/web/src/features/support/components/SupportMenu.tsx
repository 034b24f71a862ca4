import { UnreadBadge } from '@/features/content'
import { Menu, MenuItem } from '@/shared/ui/Menu'
import { BellOutline, FileOutline, MessageOutline } from 'antd-mobile-icons'
import { Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'

/** The Mine tab's entries to messages (with the unread count), customer chat and work tickets. */
export default function SupportMenu() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  return (
    <Menu>
      <MenuItem
        icon={<BellOutline />}
        extra={
          <Suspense fallback={null}>
            <UnreadBadge />
          </Suspense>
        }
        onClick={() => void navigate('/messageList')}
      >
        {t('support.menu.messages')}
      </MenuItem>
      <MenuItem icon={<MessageOutline />} onClick={() => void navigate('/serverChat')}>
        {t('support.menu.chat')}
      </MenuItem>
      <MenuItem icon={<FileOutline />} onClick={() => void navigate('/serverWorkList')}>
        {t('support.menu.tickets')}
      </MenuItem>
    </Menu>
  )
}
