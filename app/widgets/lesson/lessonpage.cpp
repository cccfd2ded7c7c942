#include "lessonpage.h"

namespace attention {

LessonPage::LessonPage(QWidget *parent)
    : QWidget(parent)
{}

LessonPage::~LessonPage() = default;

} // namespace attention
