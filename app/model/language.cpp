#include "language.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>

namespace attention {

Language::Language(QObject *parent)
    : QObject(parent)
{}

Language::~Language()
{
    removeTranslators();
}

QStringList Language::available()
{
    return {QStringLiteral("en"), QStringLiteral("zh_CN")};
}

QString Language::systemLanguage()
{
    const QLocale locale = QLocale::system();
    if (locale.language() == QLocale::Chinese)
        return QStringLiteral("zh_CN");
    return QStringLiteral("en");
}

QString Language::nativeName(const QString &language)
{
    if (language == QLatin1String("zh_CN"))
        return QStringLiteral("简体中文");
    return QStringLiteral("English");
}

bool Language::setLanguage(const QString &language)
{
    if (!available().contains(language))
        return false;
    if (language == m_language)
        return true;
    removeTranslators();
    m_language = language;
    const QLocale locale(language);
    QLocale::setDefault(locale);

    // Ours, then Qt's own strings (standard dialogs, shortcuts, undo text).
    auto *ours = new QTranslator(this);
    if (ours->load(locale, QStringLiteral("attention_lab"), QStringLiteral("_"),
                   QStringLiteral(":/i18n"))) {
        QCoreApplication::installTranslator(ours);
        m_installed.append(ours);
    } else {
        delete ours;
    }
    auto *qt = new QTranslator(this);
    if (qt->load(locale, QStringLiteral("qt"), QStringLiteral("_"),
                 QLibraryInfo::path(QLibraryInfo::TranslationsPath))) {
        QCoreApplication::installTranslator(qt);
        m_installed.append(qt);
    } else {
        delete qt;
    }
    return true;
}

void Language::removeTranslators()
{
    for (QTranslator *translator : std::as_const(m_installed)) {
        QCoreApplication::removeTranslator(translator);
        delete translator;
    }
    m_installed.clear();
}

} // namespace attention
