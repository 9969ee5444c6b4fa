workspace "Partner portal on Azure" "Users to storage on Azure: DNS, Front Door and WAF, App Service, Entra ID, PostgreSQL, AI Search, Event Grid, email, Synapse." {
    model {
        n_partner = person "partner" "Partner system" "client"
        n_staff = person "staff" "Internal user" "client"
        system = softwareSystem "Partner portal on Azure" {
            n_dns = container "dns" "dns" "Azure DNS" "dns,azure"
            n_edge = container "edge" "edge" "Azure Front Door" "cdn,azure"
            n_edge_waf = container "edge-waf" "edge-waf" "Azure WAF on Front Door" "waf,azure"
            n_portal = container "portal" "portal" "Azure App Service" "service,azure"
            n_sign_in = container "sign-in" "sign-in" "Microsoft Entra ID" "identity,azure"
            n_orders_db = container "orders-db" "orders-db" "Azure Database for PostgreSQL" "relational-database,azure,Datastore"
            n_documents = container "documents" "documents" "Azure Blob Storage" "object-storage,azure,Datastore"
            n_document_search = container "document-search" "document-search" "Azure AI Search" "search,azure,Datastore"
            n_order_events = container "order-events" "order-events" "Azure Event Grid" "event-bus,azure,Pipe"
            n_notify = container "notify" "notify" "Azure Functions" "function,azure"
            n_mailer = container "mailer" "mailer" "Azure Communication Services Email" "notification,azure,Pipe"
            n_daily_copy = container "daily-copy" "daily-copy" "Azure Logic Apps (Consumption)" "workflow,azure"
            n_warehouse = container "warehouse" "warehouse" "Azure Synapse Analytics dedicated SQL pool" "data-warehouse,azure,Datastore"
            n_keys = container "keys" "keys" "Azure Key Vault" "secrets,azure"
            n_monitor = container "monitor" "monitor" "Azure Monitor" "observability,azure"
        }
        n_partner -> n_dns "lookup" "" "request"
        n_staff -> n_dns "lookup" "" "request"
        n_partner -> n_edge "HTTPS API" "" "request"
        n_staff -> n_edge "HTTPS" "" "request"
        n_staff -> n_sign_in "" "" "request"
        n_edge -> n_edge_waf "" "" "request"
        n_edge_waf -> n_portal "" "" "request"
        n_portal -> n_orders_db "" "" "data"
        n_portal -> n_documents "" "" "data"
        n_portal -> n_document_search "" "" "data"
        n_portal -> n_keys "" "" "request"
        n_portal -> n_monitor "" "" "request"
        n_portal -> n_order_events "" "" "event"
        n_order_events -> n_notify "" "" "event"
        n_notify -> n_mailer "" "" "request"
        n_daily_copy -> n_orders_db "" "" "data"
        n_daily_copy -> n_warehouse "" "" "data"
        deploymentEnvironment "Design" {
            g_outside = deploymentNode "Partners and staff" "" "internet" {
            }
            g_we = deploymentNode "West Europe" "" "region" {
                containerInstance n_portal
                containerInstance n_orders_db
                containerInstance n_documents
                containerInstance n_document_search
                containerInstance n_order_events
                containerInstance n_notify
                containerInstance n_mailer
                containerInstance n_daily_copy
                containerInstance n_warehouse
                containerInstance n_keys
                containerInstance n_monitor
            }
            deploymentNode "Outside any boundary" {
                containerInstance n_dns
                containerInstance n_edge
                containerInstance n_edge_waf
                containerInstance n_sign_in
            }
        }
    }
    views {
        container system "Containers" {
            include *
            autolayout lr
        }
        deployment system "Design" "Deployment" {
            include *
            autolayout lr
        }
        styles {
            element "Datastore" {
                shape cylinder
            }
            element "Pipe" {
                shape pipe
            }
            element "Person" {
                shape person
            }
            relationship "Relationship" {
                dashed false
            }
            relationship "event" {
                dashed true
            }
        }
    }
}
