#pragma once

/// The interface language: loads our Qt Linguist translations (embedded under :/i18n) and Qt's
/// own, and switches them while the program runs. Both executables use it.

#include <QObject>
#include <QString>
#include <QStringList>

class QTranslator;

namespace attention {

class Language : public QObject
{
    Q_OBJECT

public:
    explicit Language(QObject *parent = nullptr);
    ~Language() override;

    /// The languages the program speaks: "en", "zh_CN".
    static QStringList available();
    /// The available language closest to the system locale ("en" when nothing matches).
    static QString systemLanguage();
    /// The language's own name ("English", "简体中文").
    static QString nativeName(const QString &language);

    /// Installs the translators for `language` on the application, removing the previous ones;
    /// widgets then receive QEvent::LanguageChange. Returns false for an unknown language.
    bool setLanguage(const QString &language);
    QString language() const { return m_language; }

private:
    void removeTranslators();

    QString m_language;
    QList<QTranslator *> m_installed;
};

} // namespace attention
